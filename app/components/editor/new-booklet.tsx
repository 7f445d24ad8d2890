import { useNavigate } from "react-router";
import type { PresentedBooklet } from "../../../shared/api-types";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { api } from "~/lib/api";
import { BookletForm } from "./booklet-form";

/**
 * 新建小册 (/editor/book/new/section): the booklet's fields; once created (a draft) its section
 * editor opens, replacing this page in history so Back does not offer the empty form again.
 */
export function NewBooklet({ categories }: { categories: { name: string; title: string }[] }) {
  const navigate = useNavigate();
  const { alert } = useShell();
  return (
    <PageSection title="新建小册" narrow>
      <div className="booklet-new">
        <p className="booklet-new-intro">
          先填写小册信息，创建后即可开始编写章节。小册在上架前只有你自己能看到。
        </p>
        <BookletForm
          categories={categories}
          submitLabel="创建小册"
          onSubmit={async ({ isFinished: _unused, ...fields }) => {
            const booklet = await api.post<PresentedBooklet>("/api/booklets", fields);
            alert("小册已创建，开始写第一个章节吧", "success");
            navigate(`/editor/book/${booklet.id}/section`, { replace: true });
          }}
        />
      </div>
    </PageSection>
  );
}

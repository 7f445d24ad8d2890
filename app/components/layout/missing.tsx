import type { ReactNode } from "react";
import { Link } from "react-router";

interface MissingContentProps {
  /** The placeholder's title: 未知文章, 未知用户… (spec §2, §3). */
  title: string;
  message: string;
  children?: ReactNode;
}

/** The placeholder a detail page shows while it has nothing to show for the id. */
export function MissingContent({ title, message, children }: MissingContentProps) {
  return (
    <div className="container narrow">
      <article className="panel missing">
        <h1 className="panel-title">{title}</h1>
        <p className="missing-message">{message}</p>
        {children}
        <p>
          <Link to="/" className="btn">
            返回首页
          </Link>
        </p>
      </article>
    </div>
  );
}

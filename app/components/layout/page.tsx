import type { ReactNode } from "react";

/** The two-column body: the list on the left, the sidebar on the right (stacked on phones). */
export function TwoColumn({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="container two-column">
      <div className="main-column">{children}</div>
      {aside ? <aside className="side-column">{aside}</aside> : null}
    </div>
  );
}

/** A single centred column with a page heading. */
export function PageSection({
  title,
  children,
  actions,
  narrow,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
}) {
  return (
    <div className={narrow ? "container narrow" : "container"}>
      <section className="panel">
        <header className="panel-header">
          <h1 className="panel-title">{title}</h1>
          {actions}
        </header>
        {children}
      </section>
    </div>
  );
}

import type { ReactNode } from "react";

interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** What a list or page shows when it has nothing (yet). */
export function EmptyState({ title = "暂无内容", description, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <svg className="empty-icon" viewBox="0 0 64 48" aria-hidden="true">
        <rect x="6" y="10" width="52" height="34" rx="4" fill="#e5e9ef" />
        <rect x="12" y="4" width="40" height="8" rx="3" fill="#d3dae3" />
        <rect x="14" y="20" width="26" height="4" rx="2" fill="#fff" />
        <rect x="14" y="29" width="36" height="4" rx="2" fill="#fff" />
      </svg>
      <p className="empty-title">{title}</p>
      {description ? <p className="empty-description">{description}</p> : null}
      {children}
    </div>
  );
}

/** Star and fork marks drawn as SVG: the ★/⑂ characters are missing from some CJK fonts. */
function RepoIcon({ path }: { path: string }) {
  return (
    <svg className="repo-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function StarIcon() {
  return (
    <RepoIcon path="M8 .25a.75.75 0 0 1 .67.42l1.88 3.8 4.2.61a.75.75 0 0 1 .41 1.28l-3.04 2.96.72 4.18a.75.75 0 0 1-1.09.79L8 12.32l-3.75 1.97a.75.75 0 0 1-1.09-.79l.72-4.18L.84 6.36a.75.75 0 0 1 .41-1.28l4.2-.61L7.33.67A.75.75 0 0 1 8 .25Z" />
  );
}

export function ForkIcon() {
  return (
    <RepoIcon path="M5 5.37v.88a1 1 0 0 0 1 1h4a1 1 0 0 0 1-1v-.88a2.25 2.25 0 1 1 1.5 0v.88A2.5 2.5 0 0 1 10 8.75H8.75v1.88a2.25 2.25 0 1 1-1.5 0V8.75H6a2.5 2.5 0 0 1-2.5-2.5v-.88a2.25 2.25 0 1 1 1.5 0ZM5 3.25a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Zm6.75.75a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm-3 8.75a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Z" />
  );
}

/** 内容审核中: shown to the author (and staff) on content hidden pending review. */
export function UnderReview() {
  return (
    <p className="under-review" role="status">
      内容审核中，仅作者和管理员可见
    </p>
  );
}

/** 内容审核中 (issue 13): shown to the author (and staff) on content hidden pending review. */
export function UnderReview() {
  return (
    <p className="under-review" role="status">
      内容审核中：目前只有你和管理员可以看到，审核通过后将恢复公开
    </p>
  );
}

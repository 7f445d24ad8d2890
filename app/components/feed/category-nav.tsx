import { Link } from "react-router";
import type { CategoryLink } from "~/lib/categories";

interface CategoryNavProps {
  categories: readonly CategoryLink[];
  /** URL of a category: e.g. (slug) => `/explore/${slug}`. */
  hrefFor: (slug: string) => string;
  active: string;
  label?: string;
}

/** The sticky row of categories under the header (it follows the header when that hides). */
export function CategoryNav({ categories, hrefFor, active, label = "分类" }: CategoryNavProps) {
  return (
    <nav className="category-nav" aria-label={label}>
      <ul className="category-list">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={hrefFor(category.slug)}
              className={category.slug === active ? "category-link active" : "category-link"}
              aria-current={category.slug === active ? "page" : undefined}
            >
              {category.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

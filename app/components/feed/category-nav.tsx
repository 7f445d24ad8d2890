import { Link } from "react-router";
import type { CategoryLink } from "~/lib/categories";
import { Cached } from "~/lib/fragment-cache";

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
      <Cached
        name="category-nav"
        component={CategoryItems}
        props={{
          items: categories.map((c) => ({
            href: hrefFor(c.slug),
            title: c.title,
            active: c.slug === active,
          })),
        }}
        as="ul"
        attributes={{ className: "category-list" }}
      />
    </nav>
  );
}

function CategoryItems({ items }: { items: { href: string; title: string; active: boolean }[] }) {
  return items.map((item) => (
    <li key={item.href}>
      <Link
        to={item.href}
        className={item.active ? "category-link active" : "category-link"}
        aria-current={item.active ? "page" : undefined}
      >
        {item.title}
      </Link>
    </li>
  ));
}

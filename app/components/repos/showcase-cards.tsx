import { Link } from "react-router";
import type { Showcase } from "../../../shared/api-types";
import { LanguageTag } from "./language-bar";

/** The showcases (spec §9: 5) as cards: title, description, counts and their first repos. */
export function ShowcaseCards({ showcases }: { showcases: Showcase[] }) {
  if (showcases.length === 0) return null;
  return (
    <section className="showcases" aria-labelledby="showcases-title">
      <h2 id="showcases-title" className="showcases-title">
        精选集
      </h2>
      <ul className="showcase-grid">
        {showcases.map((s) => (
          <li key={s.id} className="showcase-card">
            <h3 className="showcase-card-title">{s.title}</h3>
            <p className="showcase-card-desc">{s.description}</p>
            <p className="showcase-card-counts">
              {s.repoCount} 个开源库 · {s.langCount} 种语言
            </p>
            {s.repos.length > 0 ? (
              <ul className="showcase-repos">
                {s.repos.map((r) => (
                  <li key={r.id}>
                    <Link to={`/repo/${r.id}`} className="showcase-repo">
                      <span className="showcase-repo-name">{r.name.split("/")[1] ?? r.name}</span>
                      <LanguageTag language={r.language} colour={r.colour} />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

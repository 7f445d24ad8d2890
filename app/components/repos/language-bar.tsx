import type { RepoLanguage } from "../../../shared/api-types";

/** Percent as GitHub shows it: one decimal, no trailing ".0". */
export function formatProportion(p: number): string {
  return `${Number(p.toFixed(1))}%`;
}

/**
 * A repo's languages (spec §3 languageList, already without entries below 0.1% and sorted): one
 * bar split by proportion in each language's colour, and a legend with the percentages.
 */
export function LanguageBar({ languages }: { languages: RepoLanguage[] }) {
  if (languages.length === 0) return null;
  const total = languages.reduce((sum, l) => sum + l.proportion, 0) || 1;
  return (
    <section className="repo-languages" aria-labelledby="repo-languages-title">
      <h2 id="repo-languages-title" className="visually-hidden">
        语言构成
      </h2>
      <div
        className="language-bar"
        role="img"
        aria-label={languages.map((l) => `${l.title} ${formatProportion(l.proportion)}`).join("，")}
      >
        {languages.map((l) => (
          <span
            key={l.title}
            className="language-bar-part"
            style={{ width: `${(l.proportion / total) * 100}%`, background: l.colour || "#cccccc" }}
            title={`${l.title} ${formatProportion(l.proportion)}`}
          />
        ))}
      </div>
      <ul className="language-legend">
        {languages.map((l) => (
          <li key={l.title}>
            <span className="language-dot" style={{ background: l.colour || "#cccccc" }} aria-hidden="true" />
            <span className="language-name">{l.title}</span>
            <span className="language-share">{formatProportion(l.proportion)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The main language of a repo as a coloured dot and its name. */
export function LanguageTag({ language, colour }: { language: string; colour: string }) {
  if (!language) return null;
  return (
    <span className="repo-language">
      <span className="language-dot" style={{ background: colour || "#cccccc" }} aria-hidden="true" />
      {language}
    </span>
  );
}

/**
 * Dark mode: the reader's choice lives in this cookie, `light` or `dark`; without it the
 * page follows the system (`prefers-color-scheme`). The server never renders the choice into the
 * HTML: an anonymous page is cached and served to every visitor (and to shared caches), so the
 * markup stays theme-less and a small inline script in <head> (app/root.tsx) sets
 * `<html data-theme>` from the cookie before the body paints.
 */
export const THEME_COOKIE = "nugget_theme";

export type ThemeChoice = "system" | "light" | "dark";

/**
 * The <head> script, run before the body is parsed: no flash of the wrong theme. Kept free of
 * anything but the cookie so it cannot throw.
 */
export const THEME_SCRIPT = `(function(){var m=/(?:^|;\\s*)${THEME_COOKIE}=(light|dark)\\b/.exec(document.cookie);if(m)document.documentElement.setAttribute("data-theme",m[1])})()`;

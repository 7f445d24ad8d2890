import { useState } from "react";
import { THEME_COOKIE, type ThemeChoice } from "../../../shared/theme";

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "跟随系统" },
  { value: "light", label: "浅色" },
  { value: "dark", label: "深色" },
];

/** A year: the choice outlives sessions; 跟随系统 deletes the cookie instead. */
const KEEP_SECONDS = 365 * 24 * 3600;

function storedChoice(): ThemeChoice {
  const m = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)\\b`).exec(document.cookie);
  return m ? (m[1] as ThemeChoice) : "system";
}

/** Applies a choice at once (the stylesheet reads `<html data-theme>`) and remembers it. */
function choose(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === "system") {
    document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    root.removeAttribute("data-theme");
  } else {
    document.cookie = `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${KEEP_SECONDS}; SameSite=Lax`;
    root.setAttribute("data-theme", choice);
  }
}

/**
 * 跟随系统 / 浅色 / 深色 as radio items of a menu (the avatar menu, a visitor's 主题 menu). Only
 * rendered once a menu opens, so reading the cookie in the first render is safe.
 */
export function ThemeItems() {
  const [current, setCurrent] = useState(storedChoice);
  return (
    <div role="group" aria-label="主题" className="theme-items">
      {CHOICES.map((item) => (
        <button
          key={item.value}
          type="button"
          role="menuitemradio"
          aria-checked={current === item.value}
          className={current === item.value ? "menu-item active" : "menu-item"}
          onClick={() => {
            choose(item.value);
            setCurrent(item.value);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

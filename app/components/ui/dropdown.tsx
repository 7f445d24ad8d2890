import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from "react";

interface DropdownProps {
  /** What the toggle button shows. */
  label: ReactNode;
  /** Accessible name of the toggle button when `label` is not text. */
  ariaLabel?: string;
  buttonClassName?: string;
  className?: string;
  /** "menu" gives arrow-key navigation between the items; "panel" is free content. */
  kind?: "menu" | "panel";
  align?: "left" | "right";
  children: (close: () => void) => ReactNode;
}

// menuitemradio too (the theme choice).
const ITEM_SELECTOR = "[role^=menuitem]";

/**
 * A button that opens a menu or panel. Keyboard: Enter/Space/ArrowDown open it and focus the
 * first item, arrows move, Escape closes and returns focus to the button; a click outside closes.
 */
export function Dropdown({
  label,
  ariaLabel,
  buttonClassName,
  className,
  kind = "menu",
  align = "right",
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);

  const items = () =>
    [...(root.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])].filter(
      (el) => el.offsetParent !== null,
    );

  useEffect(() => {
    if (!open) return;
    const first = kind === "menu" ? items()[0] : root.current?.querySelector<HTMLElement>(".dropdown-panel");
    first?.focus();
    const onPointer = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointer);
    return () => document.removeEventListener("mousedown", onPointer);
  }, [open, kind]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (kind !== "menu" || !open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const list = items();
      if (list.length === 0) return;
      const index = list.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === "Home"
          ? 0
          : event.key === "End"
            ? list.length - 1
            : event.key === "ArrowDown"
              ? (index + 1) % list.length
              : (index - 1 + list.length) % list.length;
      list[next].focus();
    }
  };

  return (
    <div
      ref={root}
      className={`dropdown${className ? ` ${className}` : ""}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && root.current && !root.current.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-haspopup={kind === "menu" ? "menu" : "dialog"}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open ? (
        kind === "menu" ? (
          <div
            id={menuId}
            role="menu"
            className={`dropdown-menu align-${align}`}
            onClick={onMenuClick(close)}
          >
            {children(close)}
          </div>
        ) : (
          <div id={menuId} className={`dropdown-panel align-${align}`} tabIndex={-1}>
            {children(close)}
          </div>
        )
      ) : null}
    </div>
  );
}

/** Choosing a link item closes the menu; buttons decide for themselves. */
function onMenuClick(close: () => void) {
  return (event: ReactMouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest("a")) close();
  };
}

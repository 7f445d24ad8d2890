import { useEffect, useRef, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element naming the dialog: the heading drawn from `title`, or one in `children`. */
  labelledBy: string;
  /** The dialog's heading, drawn first as its <h2>; leave it out when the heading sits deeper. */
  title?: ReactNode;
  className?: string;
  /** "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
  /** Selector of the element to focus first; the first focusable element otherwise. */
  initialFocus?: string;
  children: ReactNode;
}

/**
 * A modal dialog: focus moves in on open and back to the opener on close (or, when the opener was a
 * menu item, to the menu's button), Tab stays inside,
 * Escape and a click on the backdrop close it, and the page behind does not scroll.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  title,
  className,
  role = "dialog",
  initialFocus,
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    // An item of a menu closes with it: focus then goes back to the menu's button.
    const menuButton = opener?.closest(".dropdown")?.querySelector<HTMLElement>(":scope > button");
    const node = panel.current;
    const first =
      (initialFocus ? node?.querySelector<HTMLElement>(initialFocus) : null) ??
      node?.querySelector<HTMLElement>(FOCUSABLE) ??
      node;
    first?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== "Tab" || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null,
      );
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      (opener && document.contains(opener) ? opener : menuButton)?.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={className ? `modal ${className}` : "modal"}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        {title ? (
          <h2 id={labelledBy} className="modal-title">
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question; focus starts on 取消 so Enter alone never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "确定",
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy="confirm-title"
      role="alertdialog"
      className="confirm-dialog"
      initialFocus=".confirm-cancel"
      title={title}
    >
      {message ? <p className="confirm-message">{message}</p> : null}
      <div className="confirm-actions">
        <button type="button" className="btn confirm-cancel" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
          {busy ? "请稍候..." : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

import type { AlertType } from "./shell-context";

export interface AlertItem {
  id: number;
  message: string;
  type: AlertType;
}

/** The stack of transient messages at the top of the page; the shell removes each after its time. */
export function AlertList({ alerts, onDismiss }: { alerts: AlertItem[]; onDismiss: (id: number) => void }) {
  return (
    <div className="alert-list" aria-live="polite">
      {alerts.map((item) => (
        <div
          key={item.id}
          className={`alert alert-${item.type}`}
          role={item.type === "error" ? "alert" : "status"}
        >
          <span className="alert-icon" aria-hidden="true">
            {item.type === "success"
              ? "✓"
              : item.type === "error"
                ? "!"
                : item.type === "warning"
                  ? "!"
                  : "i"}
          </span>
          <span className="alert-message">{item.message}</span>
          <button
            type="button"
            className="alert-close"
            aria-label="关闭提示"
            onClick={() => onDismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import type { PresentedOrder } from "../../../shared/api-types";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { Modal } from "~/components/ui/modal";
import { FormError } from "~/components/ui/field";
import { formatPrice } from "./format";
import "./booklets.css";

/** How often the dialog asks `order/check` while the buyer pays elsewhere. */
export const CHECK_EVERY_MS = 3000;

type PayType = "wxpay" | "alipay";

interface BuyTarget {
  id: string;
  title: string;
  price: number;
}

/**
 * 购买 (spec §4 purchase flow: start buy, then check order status). The button opens a dialog: pick
 * 微信支付 or 支付宝, start the order, then pay at the provider's URL (a QR code for WeChat native,
 * a page for Alipay and the dev cashier) while the dialog polls `check` until the order is paid.
 * On success every loader reloads, so the locked sections open in place.
 */
export function BuyButton({
  booklet,
  className,
  label,
}: {
  booklet: BuyTarget;
  className?: string;
  label?: string;
}) {
  const { requireLogin } = useShell();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? "btn btn-primary buy-button"}
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        {label ?? (booklet.price === 0 ? "免费领取" : `购买 ${formatPrice(booklet.price)}`)}
      </button>
      {open ? <BuyDialog booklet={booklet} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BuyDialog({ booklet, onClose }: { booklet: BuyTarget; onClose: () => void }) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [payType, setPayType] = useState<PayType>("wxpay");
  const [order, setOrder] = useState<PresentedOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const made = await api.post<PresentedOrder>("/api/booklets/order/buy", {
        bookletId: booklet.id,
        type: payType,
      });
      setOrder(made);
      if (made.paid) {
        alert("已加入你的小册，可以阅读全部章节了", "success");
        void revalidator.revalidate();
      }
    } catch (err) {
      setError(errorMessage(err, "下单失败，请稍后再试"));
    } finally {
      setBusy(false);
    }
  }

  // Poll the order while it waits for payment; stop when it is paid or closed, or the dialog closes.
  const orderId = order?.orderId;
  const waiting = order?.status === "pending";
  useEffect(() => {
    if (!orderId || !waiting) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const now = await api.get<PresentedOrder>("/api/booklets/order/check", { orderId });
        if (stopped || now.status === "pending") return;
        setOrder(now);
        if (now.paid) {
          alert("支付成功，全部章节已解锁", "success");
          void revalidator.revalidate();
        }
      } catch {
        // A failed poll is retried on the next tick.
      }
    }, CHECK_EVERY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
    // revalidator and alert are stable enough; re-running on them would restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, waiting]);

  return (
    <Modal open onClose={onClose} labelledBy="buy-title" className="buy-dialog" title="购买小册">
      <p className="buy-book">
        《{booklet.title}》<strong className="buy-amount">{formatPrice(booklet.price)}</strong>
      </p>

      {!order ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <fieldset className="pay-types">
            <legend>支付方式</legend>
            {(
              [
                ["wxpay", "微信支付", "扫码支付"],
                ["alipay", "支付宝", "跳转支付宝付款"],
              ] as const
            ).map(([value, name, hint]) => (
              <label key={value} className={payType === value ? "pay-type checked" : "pay-type"}>
                <input
                  type="radio"
                  name="payType"
                  value={value}
                  checked={payType === value}
                  onChange={() => setPayType(value)}
                />
                <span className="pay-type-name">{name}</span>
                <span className="pay-type-hint">{hint}</span>
              </label>
            ))}
          </fieldset>
          <FormError message={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "正在下单..." : `确认支付 ${formatPrice(booklet.price)}`}
          </button>
        </form>
      ) : order.paid ? (
        <div className="pay-result ok" role="status">
          <p>购买成功！全部章节已解锁。</p>
          <button type="button" className="btn btn-primary btn-block" onClick={onClose}>
            开始阅读
          </button>
        </div>
      ) : order.status === "closed" ? (
        <div className="pay-result" role="status">
          <p>订单已过期，请重新下单。</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => setOrder(null)}>
            重新下单
          </button>
        </div>
      ) : (
        <div className="pay-wait">
          {order.qr ? (
            <>
              <div className="qr-placeholder" role="img" aria-label="微信支付二维码">
                <span>微信扫码支付</span>
              </div>
              <p className="pay-hint">
                请用微信扫描二维码付款。二维码内容：<code className="pay-url">{order.payUrl}</code>
              </p>
            </>
          ) : (
            <p className="pay-hint">
              <a
                className="btn btn-primary btn-block pay-link"
                href={order.payUrl}
                target="_blank"
                rel="noopener"
              >
                {order.provider === "dev"
                  ? "打开模拟支付页（开发环境）"
                  : `前往${payType === "alipay" ? "支付宝" : "微信支付"}付款`}{" "}
              </a>
            </p>
          )}
          <p className="pay-status" role="status" aria-live="polite">
            <span className="spinner" aria-hidden="true" />
            等待支付结果…付款完成后本窗口会自动更新
          </p>
          <p className="pay-order">订单号 {order.orderId}</p>
        </div>
      )}
    </Modal>
  );
}

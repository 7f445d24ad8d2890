import { Link } from "react-router";
import { Modal } from "~/components/ui/modal";

/** Contact options; the Modal moves focus in, closes on Escape and hands focus back to 客服. */
export function CustomerServiceDialog({
  open,
  supportEmail,
  onClose,
}: {
  open: boolean;
  supportEmail: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="service-title" className="service-dialog">
      <h2 id="service-title" className="modal-title">
        联系客服
      </h2>
      <p className="service-lead">遇到问题或有建议？可以通过下面的方式找到我们：</p>
      <ul className="service-options">
        {/* No address only when the root loader failed (useRootData's fallback). */}
        {supportEmail ? (
          <li>
            <a className="service-option" href={`mailto:${supportEmail}`}>
              <span className="service-option-name">发送邮件</span>
              <span className="service-option-detail">{supportEmail}</span>
            </a>
          </li>
        ) : null}
        <li>
          <Link className="service-option" to="/about" onClick={onClose}>
            <span className="service-option-name">关于我们</span>
            <span className="service-option-detail">了解本站与合作方式</span>
          </Link>
        </li>
      </ul>
    </Modal>
  );
}

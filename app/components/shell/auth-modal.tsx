import { useState } from "react";
import { Link } from "react-router";
import { ThirdPartyLogin } from "~/components/oauth/third-party-login";
import { Modal } from "~/components/ui/modal";
import { LoginForm, type AuthFormProps, type AuthResult } from "./login-form";
import { Panda, type PandaState } from "./panda";
import { RegisterForm } from "./register-form";
import type { AuthPanel } from "./shell-context";

interface AuthModalProps {
  panel: AuthPanel | null;
  onPanelChange: (panel: AuthPanel) => void;
  onClose: () => void;
  onSuccess: (result: AuthResult, panel: AuthPanel) => void;
  onError: (message: string) => void;
  onNotice: (message: string) => void;
}

/** The global login / register modal with the panda (spec §4). Escape closes it. */
export function AuthModal({ panel, onPanelChange, onClose, onSuccess, onError, onNotice }: AuthModalProps) {
  const [panda, setPanda] = useState<PandaState>("normal");
  const open = panel !== null;
  const title = panel === "register" ? "注册" : "登录";
  // Both forms report to the modal alike; only the panel they stand for differs.
  const formProps = (form: AuthPanel): AuthFormProps => ({
    idPrefix: `auth-${form}`,
    onSuccess: (result) => onSuccess(result, form),
    onPandaChange: setPanda,
    onError,
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="auth-modal-title"
      className="auth-modal"
      initialFocus="input"
    >
      <Panda state={panda} />
      <h2 id="auth-modal-title" className="modal-title">
        {title}
      </h2>
      {panel === "register" ? (
        <>
          <RegisterForm key="register" {...formProps("register")} onNotice={onNotice} />
          <p className="auth-switch">
            已有账号？
            <button type="button" className="link-button" onClick={() => onPanelChange("login")}>
              登录
            </button>
          </p>
        </>
      ) : (
        <>
          <LoginForm key="login" {...formProps("login")} />
          <ThirdPartyLogin onError={onError} />
          <RegisterOrReset onRegister={() => onPanelChange("register")} onClose={onClose} />
        </>
      )}
      <p className="auth-agreement">注册登录即表示同意用户协议与隐私政策</p>
    </Modal>
  );
}

interface QuickLoginModalProps {
  open: boolean;
  onClose: () => void;
  onSuccess: (result: AuthResult) => void;
  onError: (message: string) => void;
  onRegister: () => void;
}

/** The small login-only dialog that `requireLogin()` opens when a visitor tries to like, follow… */
export function QuickLoginModal({ open, onClose, onSuccess, onError, onRegister }: QuickLoginModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy="quick-login-title"
      className="quick-login-modal"
      initialFocus="input"
    >
      <h2 id="quick-login-title" className="modal-title">
        登录后继续操作
      </h2>
      <LoginForm idPrefix="quick-login" onSuccess={onSuccess} onError={onError} />
      <ThirdPartyLogin onError={onError} />
      <RegisterOrReset onRegister={onRegister} onClose={onClose} />
    </Modal>
  );
}

/** Under every login form: 注册 for a newcomer, 忘记密码 (which leaves the dialog for its page). */
function RegisterOrReset({ onRegister, onClose }: { onRegister: () => void; onClose: () => void }) {
  return (
    <p className="auth-switch">
      没有账号？
      <button type="button" className="link-button" onClick={onRegister}>
        注册
      </button>
      <Link to="/reset-password" className="auth-forgot" onClick={onClose}>
        忘记密码
      </Link>
    </p>
  );
}

import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { ApplyRules } from "../../../shared/api-types";
import { checkWithdrawal, formatYuan, parseYuan, type WithdrawField } from "../../../shared/wallet-rules";
import { ApiError, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { walletCall } from "./wallet-api";
import "./wallet.css";

/**
 * 提现 to Alipay. The rules (minimum, maximum, balance, one pending at a time) are the same module
 * the API checks with (shared/wallet-rules.ts), so the form says what the server would.
 */
export function WithdrawForm({ rules }: { rules: ApplyRules }) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState("");
  const [alipayAccount, setAlipayAccount] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const volume = parseYuan(amount) ?? -1;
    const problem =
      volume < 0
        ? { field: "volume" as const, message: "请输入金额，最多两位小数" }
        : checkWithdrawal({ volume, alipayAccount, name }, rules.balance);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await walletCall("post", "/api/wallet/apply", {
        volume,
        alipayAccount: alipayAccount.trim(),
        name: name.trim(),
      });
      if (r.status === 2) {
        alert(r.message, "warning");
      } else {
        alert(`已提交提现申请 ${formatYuan(volume)} 元，预计 1–3 个工作日到账`, "success");
        setAmount("");
      }
      void revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && err.field && ["volume", "alipayAccount", "name"].includes(err.field)) {
        setErrors({ [err.field as WithdrawField]: err.message });
      } else {
        alert(errorMessage(err, "提现申请失败，请稍后再试"), "error");
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="withdraw-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="withdraw-title"
    >
      <h2 id="withdraw-title" className="wallet-section-title">
        提现到支付宝
      </h2>
      <ul className="withdraw-rules">
        <li>
          单笔最低 {formatYuan(rules.minVolume)} 元，最多 {formatYuan(Math.max(rules.maxVolume, 0))}{" "}
          元（不超过余额）
        </li>
        <li>同一时间只能有一笔处理中的提现，提交后金额先行冻结</li>
        <li>支付宝账号为手机号或邮箱，姓名须与支付宝实名一致</li>
      </ul>
      {!rules.canApply ? (
        <p className="withdraw-blocked" role="status">
          {rules.reasons.join("；")}
        </p>
      ) : null}
      <fieldset className="withdraw-fields" disabled={!rules.canApply || busy}>
        <Field
          label="提现金额（元）"
          name="volume"
          inputMode="decimal"
          placeholder={`最多 ${formatYuan(Math.max(rules.maxVolume, 0))}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.volume}
          addon={
            <button
              type="button"
              className="btn"
              onClick={() => setAmount(formatYuan(Math.max(rules.maxVolume, 0)))}
            >
              全部
            </button>
          }
        />
        <Field
          label="支付宝账号"
          name="alipayAccount"
          autoComplete="off"
          maxLength={100}
          placeholder="手机号或邮箱"
          value={alipayAccount}
          onChange={(e) => setAlipayAccount(e.target.value)}
          error={errors.alipayAccount}
        />
        <Field
          label="真实姓名"
          name="name"
          autoComplete="name"
          maxLength={20}
          placeholder="支付宝实名认证的姓名"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel="正在提交...">
          申请提现
        </SubmitButton>
      </fieldset>
    </form>
  );
}

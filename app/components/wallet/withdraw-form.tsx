import { useState, type ChangeEvent, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { ApplyRules } from "../../../shared/api-types";
import { checkWithdrawal, formatYuan, parseYuan, type WithdrawField } from "../../../shared/wallet-rules";
import { ApiError, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/forms/form-submit";
import { walletCall } from "./wallet-api";
import "./wallet.css";

/**
 * 提现 to Alipay. The rules (minimum, maximum, balance, one pending at a time) are the same module
 * the API checks with (shared/wallet-rules.ts), so the form says what the server would.
 */
export function WithdrawForm({ rules }: { rules: ApplyRules }) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  // Keyed by the API's field names, like the errors, so each input is bound by its name alone.
  const [values, setValues] = useState<Record<WithdrawField, string>>({
    volume: "",
    alipayAccount: "",
    name: "",
  });
  const [errors, setErrors] = useState<Partial<Record<WithdrawField, string>>>({});
  const [busy, setBusy] = useState(false);
  const { alipayAccount, name } = values;
  const setAmount = (volume: string) => setValues((v) => ({ ...v, volume }));

  /** An input's share of the form: its name, value, error, and the change that updates the value. */
  const bind = (field: WithdrawField) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
    error: errors[field],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const volume = parseYuan(values.volume) ?? -1;
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
          {...bind("volume")}
          label="提现金额（元）"
          inputMode="decimal"
          placeholder={`最多 ${formatYuan(Math.max(rules.maxVolume, 0))}`}
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
          {...bind("alipayAccount")}
          label="支付宝账号"
          autoComplete="off"
          maxLength={100}
          placeholder="手机号或邮箱"
        />
        <Field
          {...bind("name")}
          label="真实姓名"
          autoComplete="name"
          maxLength={20}
          placeholder="支付宝实名认证的姓名"
        />
        <SubmitButton className="btn btn-primary btn-block" busy={busy} busyLabel="正在提交...">
          申请提现
        </SubmitButton>
      </fieldset>
    </form>
  );
}

/**
 * Sign-in (spec §2, issue 3 item 1): username, password, and the authenticator code once the server
 * says the operator has one bound (17017). The password is encrypted with a fresh public key and
 * nonce at every submit. Plain inputs and checks rather than antd's Form, Input and Button: they
 * would add about 30 KB gzip to the first download (login + shell, budget 200 KB) for three fields.
 */
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { ErrorCode } from '@payops/contracts/api';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../app/language-switch.tsx';
import { ApiError, api } from '../lib/api.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { encryptPasswords } from '../lib/password.ts';
import { clearShellData } from '../lib/queries.ts';
import { MUST_BIND_KEY } from '../lib/storage-keys.ts';
import { toast } from '../lib/toast.ts';

type Field = 'username' | 'password' | 'googleCode';

function IconInput({
  icon,
  invalid,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { icon: ReactNode; invalid: boolean; 'data-testid'?: string }) {
  return (
    <label className={invalid ? 'login-input login-input-invalid' : 'login-input'}>
      {icon}
      <input aria-invalid={invalid} {...rest} />
    </label>
  );
}

function FieldBox({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      {children}
      <div className="login-error" role="alert">
        {error ?? ''}
      </div>
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', googleCode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [needCode, setNeedCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const setToken = useAuthStore((s) => s.setToken);

  const change = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const validate = (): boolean => {
    const next: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) next.username = t('login.usernameRequired');
    if (!values.password) next.password = t('login.passwordRequired');
    if (needCode) {
      const code = values.googleCode.trim();
      if (!code) next.googleCode = t('code.required');
      else if (!/^\d+$/.test(code)) next.googleCode = t('code.digits');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !validate()) return;
    setBusy(true);
    try {
      const { password } = await encryptPasswords({ password: values.password });
      const answer = await api<{ token: string; failedAttempts: number; mustBind: boolean }>('/api/auth', {
        method: 'POST',
        body: {
          username: values.username.trim(),
          password,
          googleCode: values.googleCode.trim() || undefined,
        },
        silent: true,
        codeDialog: false,
      });
      clearShellData();
      void import('../app/query-client.ts').then(({ queryClient }) => queryClient.clear());
      // The /login route then sends the operator on to ?redirect (app-routes.tsx).
      setToken(answer.token);
      if (answer.failedAttempts > 0)
        toast.warning(t('login.failedAttempts', { count: answer.failedAttempts }), 8);
      if (answer.mustBind) sessionStorage.setItem(MUST_BIND_KEY, '1');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.needCode && !needCode) {
        setNeedCode(true);
        toast.info(t('login.codeNeeded'));
      } else {
        toast.error(error.msg, 3);
        if (error.code === ErrorCode.needCode) setValues((v) => ({ ...v, googleCode: '' }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <form className="login-box" onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        <h1 className="login-title">{t('login.title')}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        <FieldBox error={errors.username}>
          <IconInput
            icon={<UserOutlined />}
            type="text"
            placeholder={t('login.username')}
            autoComplete="username"
            value={values.username}
            onChange={change('username')}
            invalid={!!errors.username}
            data-testid="login-username"
          />
        </FieldBox>
        <FieldBox error={errors.password}>
          <IconInput
            icon={<LockOutlined />}
            type="password"
            placeholder={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            invalid={!!errors.password}
            data-testid="login-password"
          />
        </FieldBox>
        {needCode && (
          <FieldBox error={errors.googleCode}>
            <IconInput
              icon={<SafetyOutlined />}
              type="text"
              placeholder={t('login.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              autoFocus
              value={values.googleCode}
              onChange={change('googleCode')}
              invalid={!!errors.googleCode}
              data-testid="login-code"
            />
          </FieldBox>
        )}
        <button type="submit" className="login-submit" disabled={busy} data-testid="login-submit">
          {busy ? '…' : t('login.submit')}
        </button>
      </form>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../components/auth-layout.component.tsx';
import { LoginForm } from '../components/login-form.component.tsx';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm />
    </AuthLayout>
  );
}

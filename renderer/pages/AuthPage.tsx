import { UnpublishedPage } from './parts/UnpublishedPage';

export default function AuthPage() {
  return <UnpublishedPage page="auth" />;
}

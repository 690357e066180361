import { UnpublishedPage } from './parts/UnpublishedPage';

export default function ResetPasswordPage() {
  return <UnpublishedPage page="resetPassword" />;
}

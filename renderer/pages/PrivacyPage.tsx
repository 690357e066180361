import { LegalDocument } from './parts/LegalDocument';

export default function PrivacyPage() {
  return <LegalDocument page="privacy" text="privacy" />;
}

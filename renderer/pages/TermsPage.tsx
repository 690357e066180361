import { LegalDocument } from './parts/LegalDocument';

export default function TermsPage() {
  return <LegalDocument page="terms" text="terms" />;
}

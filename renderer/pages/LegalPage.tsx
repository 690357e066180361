import { LegalDocument } from './parts/LegalDocument';

export default function LegalPage() {
  return <LegalDocument page="legal" text="notice" />;
}

import { LegalDocument } from './parts/LegalDocument';

export default function CookiesPage() {
  return <LegalDocument page="cookies" text="cookies" />;
}

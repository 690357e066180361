import '../styles/contact.css';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '../features/contact/ContactForm';
import { PageHeading } from './parts/PageHeading';

export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <article className="page contact-page">
      <PageHeading page="contact" />
      <div className="contact-intro">
        <p>{t('intro.replyTime')}</p>
        <p>{t('intro.urgent')}</p>
      </div>
      <ContactForm />
    </article>
  );
}

import '../styles/content.css';
import '../styles/tools.css';
import { Calculators } from '../features/tools/Calculators';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { PageHeading } from './parts/PageHeading';

export default function ToolsPage() {
  return (
    <article className="page tools-page">
      <PageHeading page="tools" />
      <NotAdviceNotice />
      <Calculators />
    </article>
  );
}

// The privacy policy, terms of service and cookie policy: their text is content (legal-content.ts),
// laid out by LegalLayout and rendered by LegalText.
import { LEGAL_DOCUMENTS, type LegalDocument } from './legal-content';
import { LegalLayout } from './LegalLayout';
import { fill, LegalText } from './LegalText';

function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <LegalLayout
      title={document.title}
      summary={<LegalText markdown={document.summary} />}
      sections={document.sections.map((section) => ({
        id: section.id,
        title: fill(section.title),
        body: <LegalText markdown={section.body} />,
      }))}
    />
  );
}

export const PrivacyPolicyPage = () => <LegalPage document={LEGAL_DOCUMENTS.privacy} />;
export const TermsOfServicePage = () => <LegalPage document={LEGAL_DOCUMENTS.terms} />;
export const CookiePolicyPage = () => <LegalPage document={LEGAL_DOCUMENTS.cookies} />;

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useBrandName } from '@/lib/config/app-config';
import { PageFrame } from '@/lib/ui/PageFrame';
import { POLICIES, type PolicyId } from '../policies';

/** One of the public policies linked from the footer (/developer-pp, /developer-tos, /rbm-terms, /rbm-policies). */
function PolicyPage({ policy }: { policy: PolicyId }) {
  const brand = useBrandName();
  const { title, summary, updated, sections } = POLICIES[policy];
  const withBrand = (text: string) => text.replaceAll('{brand}', brand);

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: 'Home', to: '/' }, { label: 'Legal' }]}
      description={withBrand(summary)}
    >
      <Paper variant="outlined" component="article" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 860 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          Last updated {updated}
        </Typography>
        {sections.map((section) => (
          <section key={section.heading}>
            <Typography variant="h2" sx={{ mt: 3, mb: 1.5, '&:first-of-type': { mt: 0 } }}>
              {section.heading}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} variant="body1" sx={{ mb: 1.5, lineHeight: 1.75 }}>
                {withBrand(paragraph)}
              </Typography>
            ))}
          </section>
        ))}
      </Paper>
    </PageFrame>
  );
}

/** The four screens of the legal feature, one module: they share everything but their text. */
export const PrivacyPolicyPage = () => <PolicyPage policy="privacy" />;
export const TermsOfServicePage = () => <PolicyPage policy="terms" />;
export const MessagingTermsPage = () => <PolicyPage policy="messaging-terms" />;
export const MessagingPoliciesPage = () => <PolicyPage policy="messaging-policies" />;

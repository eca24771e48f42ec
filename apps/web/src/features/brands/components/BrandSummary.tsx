import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TBrand, type TBrandDecision } from '@portico/domain';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { StatusChip } from '@/lib/ui/StatusChip';
import { openBrandDocument } from '../api/brand-files';

/** What the brand is: details, its carriers and their reviews, documents (signed downloads), verification. */
export function BrandSummary({ brand, actions }: { brand: TBrand; actions?: React.ReactNode }) {
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const address = [
    brand.address.line1,
    brand.address.line2,
    brand.address.city,
    brand.address.state,
    brand.address.postalCode,
    brand.address.countryId,
  ]
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    ['Partner', brand.partner_name],
    ['Industry', brand.industry_type],
    ['Website', brand.website],
    ['Contact', `${brand.contact_name} · ${brand.contact_email} · ${brand.contact_phone}`],
    ['Address', address],
    ['Network verification', brand.verification?.label ?? 'Not requested'],
  ];
  return (
    <Paper
      variant="outlined"
      component="section"
      id="brand-summary"
      aria-label="Brand summary"
      sx={{ p: 2, scrollMarginTop: 80 }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={brand.logo_url ?? undefined} alt="" variant="rounded" sx={{ width: 56, height: 56 }}>
          {brand.name.charAt(0)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h2">{brand.name}</Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            <StatusChip status={brand.status} />
            {brand.carrier_status && <StatusChip status={brand.carrier_status} />}
          </Box>
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {brand.platform_decision && (
        <DecisionNote who="The platform" decision={brand.platform_decision} sx={{ mt: 2 }} />
      )}
      {brand.description && <Typography sx={{ mt: 2 }}>{brand.description}</Typography>}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, mt: 2, mb: 0 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="h3" id="brand-carriers" sx={{ mt: 3, mb: 1, scrollMarginTop: 80 }}>
        Carriers
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {brand.carriers.map((carrier) => (
          <Box
            component="li"
            key={carrier.carrier_id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ minWidth: 180 }}>
              {carrier.name} ({carrier.country_id})
            </Typography>
            <StatusChip status={carrier.status} />
            {carrier.decision?.reason && (
              <DecisionNote who={carrier.name} decision={carrier.decision} sx={{ flexBasis: '100%' }} />
            )}
          </Box>
        ))}
      </Box>
      <Typography variant="h3" id="brand-documents" sx={{ mt: 3, mb: 1, scrollMarginTop: 80 }}>
        Business documents
      </Typography>
      {brand.documents.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No documents yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {brand.documents.map((document) => (
            <ListItem
              key={document.document_id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => {
                    setDownloadError(null);
                    openBrandDocument(brand.brand_id, document.document_id).catch(setDownloadError);
                  }}
                >
                  Download
                </Button>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <DescriptionOutlined />
              </ListItemIcon>
              <ListItemText
                primary={document.filename}
                secondary={`${document.document_type} · ${document.pages} page${document.pages === 1 ? '' : 's'} · ${Math.ceil(document.size_bytes / 1000)} KB`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {downloadError !== null && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(downloadError)}
        </Alert>
      )}
    </Paper>
  );
}

/** A reviewer's latest decision with its reason, on the brand itself (not only in the history). */
function DecisionNote({
  who,
  decision,
  sx,
}: {
  who: string;
  decision: TBrandDecision;
  sx?: React.ComponentProps<typeof Alert>['sx'];
}) {
  return (
    <Alert severity={decision.action === 'reject' ? 'warning' : 'info'} sx={sx}>
      <strong>
        {who}: {decision.label.toLowerCase().replace(/ by the (platform|carrier)$/, '')}
      </strong>{' '}
      · {String(formatDateTimeZoned(decision.at))}
      {decision.reason && (
        <>
          <br />
          Reason: {decision.reason}
        </>
      )}
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  PARTNER_API_TYPE_LABELS,
  type TPartnerApiEndpoint,
  type TPartnerCredentialList,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http/api-error';
import { credentialsQueryOptions } from '../api/credentials';
import { apiExamples } from './api-examples';
import { CopyBlock } from './CopyBlock';

/** The partner API's OpenAPI in Swagger UI (served by the API, next to the portal's /api/docs). */
const PARTNER_API_REFERENCE_URL = '/api/partner-docs/';

/** Agent API info: the bot's API types, ids, base URLs, the token endpoint and copy-ready examples. */
export function EndpointsPanel({ botId }: { botId: string }) {
  const info = useQuery(credentialsQueryOptions(botId));
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-labelledby="endpoints-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'baseline',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="endpoints-title" component="h2" variant="h3">
          Endpoints
        </Typography>
        <Link href={PARTNER_API_REFERENCE_URL} target="_blank" rel="noopener noreferrer" variant="body2">
          API reference (OpenAPI, with examples)
        </Link>
      </Box>
      {info.isPending && <Box role="status">Loading the bot's API details…</Box>}
      {info.isError && <Alert severity="error">{errorMessage(info.error)}</Alert>}
      {info.data && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Your server gets an access token from the token endpoint with one of the bot's credentials (OAuth
            client credentials, scope {info.data.scope}; tokens live {info.data.token_lifetime_seconds / 60}{' '}
            minutes), then calls the bot's API in its network's own shape: your client library only changes
            its base URL.
          </Typography>
          <CopyBlock label="Token endpoint" text={info.data.token_url} />
          {info.data.endpoints.length === 0 && (
            <Alert severity="info">This bot has no channel yet, so no API to call.</Alert>
          )}
          {info.data.endpoints.map((endpoint) => (
            <Endpoint key={endpoint.api_type} endpoint={endpoint} info={info.data} />
          ))}
        </>
      )}
    </Paper>
  );
}

function Endpoint({ endpoint, info }: { endpoint: TPartnerApiEndpoint; info: TPartnerCredentialList }) {
  const clientId = info.items.find((c) => c.state === 'active')?.client_id ?? 'YOUR_CLIENT_ID';
  const examples = apiExamples({ tokenUrl: info.token_url, scope: info.scope, clientId, endpoint });
  const label = PARTNER_API_TYPE_LABELS[endpoint.api_type];
  return (
    <Box component="section" aria-label={label} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography component="h3" variant="h4">
          API type
        </Typography>
        <Chip size="small" variant="outlined" label={label} />
      </Box>
      <Typography variant="body2">
        {endpoint.id_name}:{' '}
        {endpoint.id ? (
          <Box component="code" sx={{ wordBreak: 'break-all' }}>
            {endpoint.id}
          </Box>
        ) : (
          'not registered on the network yet'
        )}
      </Typography>
      {endpoint.base_url ? (
        <CopyBlock label={`${label} base URL`} text={endpoint.base_url} />
      ) : (
        <Alert severity="info">
          Sends in the {label} shape are not open yet; the token endpoint and credentials already work.
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, minWidth: 0 }}>
        <CopyBlock label={`curl example (${label})`} text={examples.curl} />
        <CopyBlock label={`Node example (${label})`} text={examples.node} />
      </Box>
    </Box>
  );
}

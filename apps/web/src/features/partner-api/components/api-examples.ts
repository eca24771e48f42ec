import type { TPartnerApiEndpoint } from '@portico/domain';

/** The Graph API version the WhatsApp examples name (Portico answers any v<major>.<minor>). */
export const WHATSAPP_EXAMPLE_VERSION = 'v21.0';
const SAMPLE_RECIPIENT = '919876543210';

export interface ExampleInput {
  tokenUrl: string;
  scope: string;
  /** The client id to show (the newest active credential's), or a placeholder. */
  clientId: string;
  endpoint: TPartnerApiEndpoint;
}

export interface ApiExamples {
  curl: string;
  node: string;
}

interface SendCall {
  /** The URL as the shell sees it (may hold $(...)), and as a JavaScript expression. */
  curlUrl: string;
  nodeUrl: string;
  body: Record<string, unknown>;
}

/** A text message in the endpoint's own request shape, when Portico answers that shape. */
function sendCall(endpoint: TPartnerApiEndpoint): SendCall | null {
  if (!endpoint.base_url) return null;
  if (endpoint.api_type === 'whatsapp') {
    const url = `${endpoint.base_url}/${WHATSAPP_EXAMPLE_VERSION}/${endpoint.id ?? 'PHONE_NUMBER_ID'}/messages`;
    return {
      curlUrl: url,
      nodeUrl: `'${url}'`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: SAMPLE_RECIPIENT,
        type: 'text',
        text: { body: 'Hello from our server' },
      },
    };
  }
  if (endpoint.api_type === 'google') {
    // Google's messageId is the send's idempotency key: a new one per message.
    const url = (messageId: string) =>
      `${endpoint.base_url}/v1/phones/+${SAMPLE_RECIPIENT}/agentMessages?messageId=${messageId}&agentId=${endpoint.id ?? 'AGENT_ID'}`;
    return {
      curlUrl: url('$(uuidgen)'),
      nodeUrl: `\`${url(`\${crypto.randomUUID()}`)}\``,
      body: {
        contentMessage: {
          text: 'Hello from our server',
          suggestions: [{ reply: { text: 'Thanks', postbackData: 'thanks' } }],
        },
        messageTrafficType: 'TRANSACTION',
      },
    };
  }
  if (endpoint.api_type === 'gsma') {
    // MaaP's msgId, in the body, is the send's idempotency key: a new one per message.
    const url = `${endpoint.base_url}/bot/v1/${endpoint.id ?? 'BOT_ID'}/messages`;
    return {
      curlUrl: url,
      nodeUrl: `'${url}'`,
      body: {
        RCSMessage: {
          msgId: NEW_ID,
          textMessage: 'Hello from our server',
          suggestedChipList: {
            suggestions: [{ reply: { displayText: 'Thanks', postback: { data: 'thanks' } } }],
          },
        },
        messageContact: { userContact: `+${SAMPLE_RECIPIENT}` },
      },
    };
  }
  return null;
}

/** Where a body holds a new id per message: a fresh uuid in the shell, and in Node. */
const NEW_ID = '__NEW_ID__';
const curlBody = (body: Record<string, unknown>) =>
  JSON.stringify(body).replaceAll(`"${NEW_ID}"`, `"'"$(uuidgen)"'"`);
const nodeBody = (body: Record<string, unknown>) =>
  JSON.stringify(body).replaceAll(`"${NEW_ID}"`, 'crypto.randomUUID()');

/** Copy-ready curl and Node (18+, fetch) examples: a token, then a send in the bot's API shape. */
export function apiExamples({ tokenUrl, scope, clientId, endpoint }: ExampleInput): ApiExamples {
  const send = sendCall(endpoint);
  const curlToken = [
    `curl -s -u "${clientId}:$CLIENT_SECRET" \\`,
    `  -d grant_type=client_credentials -d scope=${scope} \\`,
    `  ${tokenUrl}`,
  ].join('\n');
  const curlSend = send
    ? [
        '',
        '# with the access_token from the answer above:',
        `curl -s -X POST "${send.curlUrl}" \\`,
        '  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\',
        `  -d '${curlBody(send.body)}'`,
      ].join('\n')
    : '';
  const nodeToken = [
    `const basic = Buffer.from(\`${clientId}:\${process.env.CLIENT_SECRET}\`).toString('base64');`,
    `const tokenResponse = await fetch('${tokenUrl}', {`,
    "  method: 'POST',",
    `  headers: { Authorization: \`Basic \${basic}\`, 'Content-Type': 'application/x-www-form-urlencoded' },`,
    `  body: new URLSearchParams({ grant_type: 'client_credentials', scope: '${scope}' }),`,
    '});',
    'const { access_token } = await tokenResponse.json();',
  ].join('\n');
  const nodeSend = send
    ? [
        '',
        `const sent = await fetch(${send.nodeUrl}, {`,
        "  method: 'POST',",
        `  headers: { Authorization: \`Bearer \${access_token}\`, 'Content-Type': 'application/json' },`,
        `  body: JSON.stringify(${nodeBody(send.body)}),`,
        '});',
        'console.log(sent.status, await sent.json());',
      ].join('\n')
    : '';
  return { curl: curlToken + curlSend, node: nodeToken + nodeSend };
}

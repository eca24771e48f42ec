/**
 * The short public policies linked from the footer. `{brand}` is replaced by the configured brand.
 */
export type PolicyId = 'privacy' | 'terms' | 'messaging-terms' | 'messaging-policies';

export interface Policy {
  title: string;
  summary: string;
  updated: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

export const POLICIES: Record<PolicyId, Policy> = {
  privacy: {
    title: 'Privacy Policy',
    summary:
      'How {brand} collects, uses and protects the information of partners who use the portal and of the people their bots talk to.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account data you give us: your name, business email, company details, billing address and the profile picture you upload.',
          'Operational data created when you use the portal: bots, brands, templates, campaigns, audience files, wallet transactions and the delivery reports that mobile networks send back.',
          'Technical data: sign-in events, IP address and browser details, kept to secure the service and investigate abuse.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'To run the service: registering and launching your bots with carriers, delivering your messages, charging your wallet and producing billing reports.',
          'To keep the platform safe: detecting fraud, spam and unauthorised access.',
          'We do not sell personal data and we do not use message content for advertising.',
        ],
      },
      {
        heading: 'Sharing',
        paragraphs: [
          'We share bot, brand and company details with the carriers you choose to launch on, because they review and approve every launch. Message content is passed to the messaging networks only to deliver it.',
          'Service providers that host our infrastructure process data on our instructions and under written agreements.',
        ],
      },
      {
        heading: 'Retention and your rights',
        paragraphs: [
          'Audience files are deleted 90 days after the campaign that used them ends. Account data is kept while your account is open and for the period accounting law requires afterwards.',
          'You may ask for a copy of your data, its correction or its deletion by writing to our support team from the email address on your account.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    summary:
      'The agreement between {brand} and the developers, aggregators and carriers who use the partner portal.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You must give accurate company details and keep your sign-in credentials confidential. You are responsible for everything done under your account, including by users you invite.',
          'An aggregator may act for other businesses only with their written authority, and must be able to show it on request.',
        ],
      },
      {
        heading: 'Using the service',
        paragraphs: [
          'You may use the portal to build, launch and operate RCS and WhatsApp bots for lawful purposes that follow the Messaging Terms and Messaging Policies.',
          'Carriers decide whether to approve each bot and brand. {brand} does not guarantee that a launch will be approved or how long a review takes.',
        ],
      },
      {
        heading: 'Fees and wallet',
        paragraphs: [
          'Messages and verifications are charged at the prices shown in the portal when they are sent. Charges are taken from your prepaid wallet; a send that the wallet cannot cover is not made.',
          'Wallet top-ups are not refundable except where the law requires it.',
        ],
      },
      {
        heading: 'Suspension and liability',
        paragraphs: [
          'We may suspend a bot or an account that breaks these terms or puts the networks or their subscribers at risk, and will tell you why.',
          'The service is provided with reasonable skill and care. To the extent the law allows, our liability is limited to the fees you paid in the twelve months before the claim.',
        ],
      },
    ],
  },
  'messaging-terms': {
    title: 'Messaging Terms',
    summary: 'Conditions that apply to every RCS business message and WhatsApp message sent through {brand}.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'Consent',
        paragraphs: [
          'Send business messages only to people who have agreed to hear from you, and keep a record of that consent. One-time passwords and transactional messages must relate to an action the recipient took.',
          'Every promotional conversation must let the recipient stop further messages, and a stop request must be honoured at once.',
        ],
      },
      {
        heading: 'Identity',
        paragraphs: [
          'Your bot must represent the verified brand it was launched for. Names, logos and descriptions may not imitate another business.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          'Networks apply their own rate limits and may delay or refuse messages. Delivery and read receipts are reported as the networks send them.',
          'When a recipient cannot receive RCS, {brand} does not fall back to another channel unless you configured one.',
        ],
      },
    ],
  },
  'messaging-policies': {
    title: 'Messaging Policies',
    summary: 'Content that may not be sent through {brand}, and how we act when it is.',
    updated: '1 January 2025',
    sections: [
      {
        heading: 'Prohibited content',
        paragraphs: [
          'Illegal goods and services, gambling without a licence in the recipient’s country, adult content, hate speech, and content that harasses or threatens.',
          'Phishing, malware, misleading links, and messages that hide who sent them.',
          'High-risk financial offers such as guaranteed-return investments or debt relief schemes.',
        ],
      },
      {
        heading: 'Restricted content',
        paragraphs: [
          'Alcohol, healthcare, financial services and political messages are allowed only where the law of the recipient’s country permits, with any required age checks and disclaimers.',
        ],
      },
      {
        heading: 'Enforcement',
        paragraphs: [
          'Carriers and {brand} review bots before launch and may review campaigns afterwards. Breaches can lead to a paused campaign, a suspended bot or a closed account, depending on severity.',
        ],
      },
    ],
  },
};

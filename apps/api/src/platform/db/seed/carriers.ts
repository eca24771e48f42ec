export interface CarrierSeed {
  countryId: string;
  name: string;
  /** A representative mobile network code of the operator, "MCC-MNC" (operators hold several). */
  mccMnc: string;
}

/** Real mobile network operators, a few per launch market. */
export const CARRIER_SEEDS: readonly CarrierSeed[] = [
  // India (MCC 404/405)
  { countryId: 'IN', name: 'Reliance Jio', mccMnc: '405-872' },
  { countryId: 'IN', name: 'Bharti Airtel', mccMnc: '404-10' },
  { countryId: 'IN', name: 'Vi (Vodafone Idea)', mccMnc: '404-11' },
  { countryId: 'IN', name: 'BSNL', mccMnc: '404-34' },
  { countryId: 'IN', name: 'MTNL', mccMnc: '404-68' },
  // United States (MCC 310/311)
  { countryId: 'US', name: 'Verizon', mccMnc: '311-480' },
  { countryId: 'US', name: 'AT&T', mccMnc: '310-410' },
  { countryId: 'US', name: 'T-Mobile US', mccMnc: '310-260' },
  { countryId: 'US', name: 'UScellular', mccMnc: '311-580' },
  // United Kingdom (MCC 234)
  { countryId: 'GB', name: 'EE', mccMnc: '234-30' },
  { countryId: 'GB', name: 'Vodafone UK', mccMnc: '234-15' },
  { countryId: 'GB', name: 'O2 UK', mccMnc: '234-10' },
  { countryId: 'GB', name: 'Three UK', mccMnc: '234-20' },
  // Germany (MCC 262)
  { countryId: 'DE', name: 'Telekom Deutschland', mccMnc: '262-01' },
  { countryId: 'DE', name: 'Vodafone Germany', mccMnc: '262-02' },
  { countryId: 'DE', name: 'Telefónica Germany (O2)', mccMnc: '262-03' },
  { countryId: 'DE', name: '1&1 Mobilfunk', mccMnc: '262-23' },
  // Brazil (MCC 724)
  { countryId: 'BR', name: 'Vivo', mccMnc: '724-06' },
  { countryId: 'BR', name: 'Claro Brasil', mccMnc: '724-05' },
  { countryId: 'BR', name: 'TIM Brasil', mccMnc: '724-02' },
  // Indonesia (MCC 510)
  { countryId: 'ID', name: 'Telkomsel', mccMnc: '510-10' },
  { countryId: 'ID', name: 'Indosat Ooredoo Hutchison', mccMnc: '510-01' },
  { countryId: 'ID', name: 'XL Axiata', mccMnc: '510-11' },
  { countryId: 'ID', name: 'Smartfren', mccMnc: '510-09' },
  // Mexico (MCC 334)
  { countryId: 'MX', name: 'Telcel', mccMnc: '334-020' },
  { countryId: 'MX', name: 'AT&T México', mccMnc: '334-050' },
  { countryId: 'MX', name: 'Movistar México', mccMnc: '334-030' },
  // South Africa (MCC 655)
  { countryId: 'ZA', name: 'Vodacom', mccMnc: '655-01' },
  { countryId: 'ZA', name: 'MTN South Africa', mccMnc: '655-10' },
  { countryId: 'ZA', name: 'Cell C', mccMnc: '655-07' },
  { countryId: 'ZA', name: 'Telkom Mobile', mccMnc: '655-02' },
];

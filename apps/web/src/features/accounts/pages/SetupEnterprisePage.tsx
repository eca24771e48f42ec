import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CompanyDetailsForm } from '../components/CompanyDetailsForm';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

/** /setup-enterprise: company details and address. */
export default function SetupEnterprisePage() {
  const navigate = useNavigate();
  return (
    <SetupGate>
      {(setup) => (
        <SetupFrame
          step={2}
          title="Set up your enterprise"
          description="The company your bots will speak for, and its address."
        >
          <CompanyDetailsForm
            setup={setup}
            onSaved={() => navigate(SETUP_STEPS[3].path)}
            back={
              <Button component={RouterLink} to={SETUP_STEPS[1].path}>
                Back
              </Button>
            }
            submitLabel="Save and continue"
          />
        </SetupFrame>
      )}
    </SetupGate>
  );
}

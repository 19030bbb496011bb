import { betLimitKinds, depositLimitKinds } from '@casino/contracts/responsible-play';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/http';
import { gamblingHistoryQuery } from './api';
import { LimitsPanel } from './components/limits-panel';
import { SelfExclusionPanel } from './components/self-exclusion-panel';

type Section = 'purchase' | 'risk' | 'exclusion';

const sections = [
  { key: 'purchase', label: 'Purchase limit' },
  { key: 'risk', label: 'Risk limit' },
  { key: 'exclusion', label: 'Self Exclusion' },
] as const;

/** The Responsible Play tab of /user/account-details (seed 001 section 2): three tabs. */
export function ResponsiblePlayTab() {
  const [section, setSection] = useState<Section>('purchase');
  const history = useQuery(gamblingHistoryQuery());

  return (
    <Card className="flex flex-col gap-5">
      <div>
        <h2 className="font-display text-xl font-black text-ink">Responsible Play</h2>
        <p className="text-sm text-ink-muted">
          Set how much you can purchase (in $) and bet (in Sweeps Coins) per day, week and month, or take a break.
        </p>
      </div>
      <Tabs items={sections} value={section} onChange={setSection} label="Responsible play">
        <div className="pt-5">
          {section === 'exclusion' ? (
            <SelfExclusionPanel />
          ) : history.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : history.isError ? (
            // Seed 001 section 8: a read failure shows the response's status text.
            <p role="alert" className="text-sm text-danger">
              {errorMessage(history.error)}
            </p>
          ) : section === 'purchase' ? (
            <LimitsPanel key="purchase" kinds={depositLimitKinds} unit="$" history={history.data} />
          ) : (
            <LimitsPanel key="risk" kinds={betLimitKinds} unit="SC" history={history.data} />
          )}
        </div>
      </Tabs>
    </Card>
  );
}

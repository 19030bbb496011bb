import { isKycVerified } from '@casino/contracts/kyc';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { profileQueryOptions, useProfile } from '../auth';
import { KycPanel } from './components/kyc-panel';
import { OtpStep } from './components/otp-step';
import { PhoneStep } from './components/phone-step';

/** While the vendor decides, the profile is read again now and then: the webhook moves the status. */
const WAITING = new Set(['created', 'activated', 'processing']);
const POLL_MS = 4000;

type PhoneState = { step: 'phone' } | { step: 'otp'; phone: string; resendAfterSeconds: number };

/**
 * The Verification tab ('Kyc Section', seed 001 section 2): without a verified phone, the phone
 * step and then the 6-digit code step; after it, the identity-verification panel (section 4).
 */
export function VerificationTab() {
  const profile = useProfile();
  const kycStatus = profile.data?.kycStatus ?? '';
  useQuery({
    ...profileQueryOptions(),
    enabled: profile.data?.phoneVerified === true && WAITING.has(kycStatus.toLowerCase()) && !isKycVerified(kycStatus),
    refetchInterval: POLL_MS,
  });
  const [phoneState, setPhoneState] = useState<PhoneState>({ step: 'phone' });
  const [lastPhone, setLastPhone] = useState('');

  if (!profile.data) {
    return (
      <div className="flex justify-center py-16 text-gold-300">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-2xl">
      {profile.data.phoneVerified ? (
        <KycPanel phone={profile.data.phone} kycStatus={profile.data.kycStatus} />
      ) : phoneState.step === 'phone' ? (
        <PhoneStep
          initialPhone={lastPhone}
          onSent={(phone, resendAfterSeconds) => {
            setLastPhone(phone);
            setPhoneState({ step: 'otp', phone, resendAfterSeconds });
          }}
        />
      ) : (
        <OtpStep
          phone={phoneState.phone}
          resendAfterSeconds={phoneState.resendAfterSeconds}
          onChangeNumber={() => setPhoneState({ step: 'phone' })}
        />
      )}
    </Card>
  );
}

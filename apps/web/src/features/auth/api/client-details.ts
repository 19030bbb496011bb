/** The browser and platform the sign-up and Google payloads carry (seed 000 section 3 'Sign-up payload'). */
export function browserName(userAgent = navigator.userAgent): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

export function platformName(userAgent = navigator.userAgent): string {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent) ? 'mobile' : 'desktop';
}

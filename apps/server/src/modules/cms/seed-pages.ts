/**
 * The text of the demo CMS pages: plain policy language for a US sweepstakes social casino,
 * written as the small HTML subset the web app renders (h2, h3, p, ul, ol, li, strong, em, a).
 */
const EFFECTIVE = 'Effective date: January 1, 2026';
const SUPPORT = '<a href="mailto:support@luckycrown.local">support@luckycrown.local</a>';

export const termsAndConditionsHtml = `
<p><em>${EFFECTIVE}</em></p>
<p>These Terms and Conditions ("Terms") are an agreement between you and Lucky Crown Social Casino ("Lucky Crown", "we", "us") about your use of the Lucky Crown website and games (the "Service"). By creating an account or using the Service you accept these Terms, our <a href="/privacy-policy">Privacy Policy</a> and the <a href="/sweepstakes-rules">Sweepstakes Rules</a>. If you do not accept them, do not use the Service.</p>

<h2>1. Who may play</h2>
<ul>
<li>You must be at least 18 years old, or the age of majority where you live if that is higher.</li>
<li>You must be a legal resident of the United States and physically located in a state where the Service is offered. The Service is not offered in the states listed in the Sweepstakes Rules, and we check your location before play.</li>
<li>You may hold one account only. Accounts are personal and may not be shared, sold or transferred.</li>
<li>Our employees and their immediate families may not take part in sweepstakes promotions.</li>
</ul>

<h2>2. Your account</h2>
<p>You must give true, current and complete information when you register and keep it up to date. You must verify your e-mail address before you can sign in. You are responsible for keeping your password secret and for everything done with your account. Tell us at once at ${SUPPORT} if you believe someone else has used it.</p>
<p>To redeem prizes you must complete identity verification ("KYC"). We may ask for documents at any time and may suspend an account until they are provided.</p>

<h2>3. Gold Coins</h2>
<p>Gold Coins ("GC") are a virtual currency for social play and entertainment only. They have no monetary value, cannot be redeemed for cash or prizes and cannot be transferred. You receive Gold Coins free through bonuses and may buy additional Gold Coin packages in the store.</p>

<h2>4. Sweeps Coins</h2>
<p>Sweeps Coins ("SC") are sweepstakes entries. <strong>No purchase is necessary</strong> to obtain them: they are given free with the welcome bonus, the daily bonus, the daily spin wheel and promotions, and come as a free bonus with some Gold Coin packages. A purchase does not improve your chances of winning.</p>
<p>Sweeps Coins won in play become redeemable once they have been played through at least once. Redeemable Sweeps Coins may be redeemed for cash prizes at a rate of one US dollar per Sweeps Coin, subject to the minimum redemption amount, identity verification and the Sweepstakes Rules.</p>

<h2>5. Purchases</h2>
<p>All purchases of Gold Coin packages are final. Prices are in US dollars. You may set purchase and play limits for yourself in the Responsible Play section of your account. We may refuse or reverse a purchase that we believe is fraudulent or made with a payment method you are not entitled to use.</p>

<h2>6. Games and results</h2>
<p>Game outcomes are decided on our servers and are provably fair: each round is drawn from a server seed we commit to before you play (we show its SHA-256 hash), your own client seed and the round's nonce, and you can check any round on the <a href="/provably-fair">Provably fair</a> page once you rotate your seeds. Each game states its return to player. If a game malfunctions, the affected rounds are void and any coins played in them are returned. The game record on our servers decides what happened in a round.</p>

<h2>7. Fair play</h2>
<p>You may not use bots, scripts or any software that plays for you, exploit errors, collude with other players, open several accounts, use a VPN or other means to hide your location, or launder money through the Service. If you do, we may close your account, void your coins and withhold prizes, and we may report you to the authorities.</p>

<h2>8. Responsible play</h2>
<p>Play for entertainment. You can set purchase and play limits, take a break or exclude yourself at any time from your account. If you feel that your play is no longer fun, contact us or the National Council on Problem Gambling at 1-800-522-4700.</p>

<h2>9. Closing accounts</h2>
<p>You may close your account at any time by writing to ${SUPPORT}. We may suspend or close an account that breaks these Terms. When an account is closed, unredeemed coins expire; redeemable Sweeps Coins of an account in good standing are paid out after verification.</p>

<h2>10. Liability</h2>
<p>The Service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the twelve months before the claim. Nothing in these Terms limits liability that cannot be limited by law.</p>

<h2>11. Changes</h2>
<p>We may change these Terms. We will tell you of material changes by e-mail or on the Service before they take effect; using the Service after that means you accept them.</p>

<h2>12. Contact</h2>
<p>Questions about these Terms: ${SUPPORT}, or see <a href="/contact_us">Contact Us</a>.</p>
`;

export const privacyPolicyHtml = `
<p><em>${EFFECTIVE}</em></p>
<p>This Privacy Policy explains what personal information Lucky Crown Social Casino ("we") collects when you use our website and games, why we collect it, and the choices you have.</p>

<h2>1. What we collect</h2>
<ul>
<li><strong>Account details:</strong> username, e-mail address and password (stored only as a one-way hash), and, when you complete your profile, your name, date of birth, address and phone number.</li>
<li><strong>Verification details:</strong> the identity documents and results of identity verification needed before prizes are redeemed.</li>
<li><strong>Play and purchase history:</strong> coins received, purchased, played, won and redeemed, and the limits you set.</li>
<li><strong>Device and location data:</strong> IP address, browser type and the location checks required by sweepstakes law in your state.</li>
<li><strong>Messages:</strong> what you write to our support team.</li>
</ul>

<h2>2. Why we use it</h2>
<ul>
<li>To create and secure your account, verify your e-mail and identity, and sign you in.</li>
<li>To run the games, keep your coin balances and pay prizes.</li>
<li>To check that you are old enough and located where the Service is offered.</li>
<li>To prevent fraud, money laundering and abuse of promotions.</li>
<li>To send you service messages, and marketing only if you agreed to receive it.</li>
<li>To meet our legal, tax and regulatory obligations.</li>
</ul>

<h2>3. Cookies</h2>
<p>We use one essential cookie to keep you signed in. It holds a random session identifier and is removed when you log out. We do not use cookies to track you on other websites.</p>

<h2>4. Who we share it with</h2>
<p>We do not sell your personal information. We share it only with service providers that help us run the Service (payment processors, identity verification, location checks, e-mail delivery, hosting), each bound to use it only for us, and with authorities when the law requires.</p>

<h2>5. How long we keep it</h2>
<p>We keep account, play and payment records for as long as your account is open and for the period the law requires afterwards (usually five years for financial records). Verification and reset links expire after a short time and cannot be used again.</p>

<h2>6. Security</h2>
<p>Passwords are stored as argon2id hashes, session and e-mail link tokens are stored only as hashes, and all traffic is encrypted in transit. No system is perfectly secure; tell us at once if you suspect misuse of your account.</p>

<h2>7. Your choices and rights</h2>
<p>You can see and correct your details in your account, unsubscribe from marketing in any marketing e-mail, and ask us for a copy of your information or to delete it (subject to records we must keep by law). Residents of some states, including California, have additional rights under state law; we honour them for every player.</p>

<h2>8. Children</h2>
<p>The Service is for adults only. We do not knowingly collect information from anyone under 18 and close any account we find belongs to a minor.</p>

<h2>9. Changes</h2>
<p>We will post any change to this policy here and tell you by e-mail if the change is material.</p>

<h2>10. Contact</h2>
<p>Privacy questions and requests: ${SUPPORT}.</p>
`;

export const contactUsHtml = `
<p>Our support team is here to help with your account, coins, purchases, redemptions and anything else about Lucky Crown.</p>
<h2>E-mail</h2>
<p>${SUPPORT}. We answer every message within 24 hours, usually much sooner.</p>
<h2>Before you write</h2>
<ul>
<li>Write from the e-mail address of your account, and include your username.</li>
<li>For a game question, include the game name and the date and time of the round.</li>
<li>For a purchase or redemption, include its transaction ID from your account's Transactions tab.</li>
</ul>
<p>We will never ask for your password.</p>
<h2>Responsible play</h2>
<p>To set limits, take a break or exclude yourself, open Responsible Play in your account, or write to us. For confidential help with problem gambling, call the National Council on Problem Gambling at 1-800-522-4700.</p>
`;

export const sweepstakesRulesHtml = `
<p><em>${EFFECTIVE}</em></p>
<p><strong>NO PURCHASE NECESSARY TO ENTER OR WIN. A PURCHASE WILL NOT INCREASE YOUR CHANCES OF WINNING. VOID WHERE PROHIBITED.</strong></p>

<h2>1. Eligibility</h2>
<p>The sweepstakes are open to legal residents of the United States who are 18 or older and have a verified Lucky Crown account, except residents of Idaho, Michigan, Nevada and Washington, where the sweepstakes are void.</p>

<h2>2. How to get Sweeps Coins free</h2>
<ul>
<li>Welcome bonus when you create and verify your account.</li>
<li>Daily bonus and the daily spin wheel.</li>
<li>Promotions announced on the Service.</li>
<li>As a free bonus with some Gold Coin packages.</li>
<li>By post: ask for a request code on the <a href="/mail-in-entry">Mail-in Entry</a> page and send us a handwritten card; each valid card credits free Sweeps Coins.</li>
</ul>

<h2>3. Playing with Sweeps Coins</h2>
<p>Sweeps Coins are played in the games of the Service. Every game's result is drawn from provably fair seeds that you can check on the <a href="/provably-fair">Provably fair</a> page, and the odds are the same whether your Sweeps Coins came free or with a purchase.</p>

<h2>4. Redeeming prizes</h2>
<ol>
<li>Only Sweeps Coins won in play and played through at least once are redeemable.</li>
<li>The minimum redemption is 51 redeemable Sweeps Coins; one Sweeps Coin is redeemed for one US dollar.</li>
<li>You must complete identity verification and have a verified bank account in your own name.</li>
<li>Redemptions are usually paid within 2-3 business days after approval. You may cancel a pending redemption from your account.</li>
</ol>

<h2>5. Taxes</h2>
<p>Prize winners are responsible for any taxes. We issue tax forms where the law requires.</p>

<h2>6. Disqualification</h2>
<p>We may disqualify anyone who breaks these rules or the <a href="/terms-and-conditions">Terms and Conditions</a>, tampers with the Service, or enters from a state where the sweepstakes are void.</p>

<h2>7. Sponsor</h2>
<p>The sweepstakes are sponsored by Lucky Crown Social Casino. Questions: ${SUPPORT}.</p>
`;

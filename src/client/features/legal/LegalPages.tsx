// Placeholder: replaced by the feature's implementation.
export const PrivacyPolicyPage = () => <main><h1>Privacy Policy</h1></main>;
export const TermsOfServicePage = () => <main><h1>Terms of Service</h1></main>;
export const CookiePolicyPage = () => <main><h1>Cookie Policy</h1></main>;

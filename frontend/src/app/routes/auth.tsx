import { CustomerSignUpForm, OwnerSignUpForm, SignInForm } from '../../features/session/components/AuthForms.tsx';

export const SignInCustomerPage = () => (
  <div className="page auth-page">
    <SignInForm role="customer" />
  </div>
);
export const SignInOwnerPage = () => (
  <div className="page auth-page">
    <SignInForm role="hotel-owner" />
  </div>
);
export const SignUpCustomerPage = () => (
  <div className="page auth-page">
    <CustomerSignUpForm />
  </div>
);
export const SignUpOwnerPage = () => (
  <div className="page auth-page">
    <OwnerSignUpForm />
  </div>
);

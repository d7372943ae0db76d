import { PageHeader } from '../../components/PageHeader.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { PersonalInfoCard } from './PersonalInfoCard.tsx';

export function UserProfilePage() {
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Your Profile"
        description="Manage your personal details, password and account."
      />
      <PersonalInfoCard />
      <ChangePasswordCard />
      <DeleteAccountCard />
    </div>
  );
}

import { UserPlus } from 'lucide-react';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { useSession } from '../../lib/session.ts';

/**
 * The workspace table (docs/spec.md §2: Name, Email, Role, all OWNER; Add User's behaviour not
 * shown). A workspace has one member today, its account holder: no invented colleagues.
 */
export function TeamListingPage() {
  const session = useSession();
  const email = session.email || session.user || '';
  const rows = [{ name: session.fullName || email, email }];
  return (
    <div className="page">
      <PageHeader
        title="Team"
        description="People in your workspace."
        actions={
          <Button>
            <UserPlus size={16} aria-hidden="true" /> Add User
          </Button>
        }
      />
      <div className="card card--flush">
        <TableScroll label="Workspace members">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.email || row.name}>
                  <td>
                    <span className="table__person">
                      <Avatar size={30} />
                      {row.name}
                    </span>
                  </td>
                  <td>{row.email}</td>
                  <td>
                    <span className="badge">OWNER</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
    </div>
  );
}

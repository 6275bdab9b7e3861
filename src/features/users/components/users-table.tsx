import type { User } from '@schema/user';

const statusStyles: Record<User['status'], string> = {
  verified: 'bg-green-100 text-green-800',
  waiting: 'bg-amber-100 text-amber-800',
  hidden: 'bg-slate-200 text-slate-700',
  rejected: 'bg-red-100 text-red-800',
};

export function UsersTable({ users }: { users: User[] }) {
  if (users.length === 0) {
    return <p className="rounded border border-dashed p-6 text-center text-slate-500">No users match these filters.</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b text-slate-500">
        <tr>
          <th className="py-2">Name</th>
          <th>Email</th>
          <th>Role</th>
          <th>Country</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} className="border-b last:border-0" data-testid="user-row">
            <td className="flex items-center gap-2 py-2">
              <img src={user.image} alt="" width={32} height={32} className="rounded-full" />
              {user.name}
            </td>
            <td>{user.email}</td>
            <td>{user.role}</td>
            <td>{user.address}</td>
            <td>
              <span className={`rounded px-2 py-0.5 text-xs capitalize ${statusStyles[user.status]}`}>{user.status}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import type { HandlerMap } from '#server/http/endpoints.ts';
import type { TeamService } from './team-service.ts';

/** Admin only (the contract's access, enforced by registerEndpoints). */
export function teamHandlers(deps: { team: TeamService }): HandlerMap {
  return {
    addEmployee: ({ user, input }) => deps.team.add(user, input),
    editUser: ({ user, input }) => deps.team.edit(user, input),
    employeeList: ({ user, input }) => deps.team.list(user, input),
  };
}

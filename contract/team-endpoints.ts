import { defineEndpoint } from './endpoint.ts';
import {
  addEmployeeInput,
  editUserInput,
  employeeListInput,
  employeeListOutput,
  employeeRow,
} from './schemas/team.ts';

/** The team's endpoints: the account's employees, managed by an Admin. Spread into endpoints.ts. */
export const teamEndpoints = {
  // Employees (team)
  addEmployee: defineEndpoint({
    path: '/api/admin/add_employee',
    access: 'admin',
    input: addEmployeeInput,
    output: employeeRow,
    summary: "Add an employee to the caller's account; answers the new employee's row.",
  }),
  editUser: defineEndpoint({
    path: '/api/admin/edit_user',
    access: 'admin',
    input: editUserInput,
    output: employeeRow,
    summary:
      'Change real name, role, disabled flag or password (reset) of an employee of the account; answers the updated row.',
  }),
  employeeList: defineEndpoint({
    path: '/api/admin/employee_list',
    access: 'admin',
    input: employeeListInput,
    output: employeeListOutput,
    summary: "One page of the account's employees, filtered by keyword; answers { list, total }.",
  }),
};

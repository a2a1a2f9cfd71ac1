import { makePage, type Page } from '@postline/shared/common';
import type {
  contactGroupListQuerySchema,
  contactGroupRequestSchema,
  ContactGroup,
} from '@postline/shared/contacts';
import { CONTACT_GROUPS_MAX } from '@postline/shared/contacts';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import { groupNameTaken, groupNotFound, membersNotFound, tooManyGroups } from './errors.js';
import {
  countGroups,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  nameTaken,
  ownedContactCount,
  renameGroup,
  setMembers,
} from './group-repository.js';
import { presentGroup } from './presenter.js';
import { foldQuery } from './search-keys.js';

type GroupRequest = z.output<typeof contactGroupRequestSchema>;
type ListQuery = z.output<typeof contactGroupListQuerySchema>;

/** Contact groups of one user: a name and members from the user's own contacts. */
export class ContactGroupService {
  constructor(private readonly database: Database) {}

  async list(userId: number, query: ListQuery): Promise<Page<ContactGroup>> {
    const db = this.database.db;
    const q = query.q ? foldQuery(query.q) : undefined;
    const total = await countGroups(db, userId, q);
    const groups = await listGroups(db, userId, { q, limit: query.size, offset: query.page * query.size });
    return makePage(groups.map(presentGroup), query.page, query.size, total);
  }

  async get(userId: number, id: number): Promise<ContactGroup> {
    const group = await findGroup(this.database.db, userId, id);
    if (!group) throw groupNotFound();
    return presentGroup(group);
  }

  private async checkMembers(tx: Tx, userId: number, request: GroupRequest, exceptId?: number) {
    if (await nameTaken(tx, userId, request.name, exceptId)) throw groupNameTaken();
    if ((await ownedContactCount(tx, userId, request.memberIds)) !== request.memberIds.length)
      throw membersNotFound();
  }

  async create(userId: number, request: GroupRequest): Promise<ContactGroup> {
    const id = await this.database.transaction(async (tx) => {
      if ((await countGroups(tx, userId)) >= CONTACT_GROUPS_MAX) throw tooManyGroups();
      await this.checkMembers(tx, userId, request);
      const made = await insertGroup(tx, userId, request.name);
      await setMembers(tx, made, request.memberIds);
      return made;
    });
    return this.get(userId, id);
  }

  async update(userId: number, id: number, request: GroupRequest): Promise<ContactGroup> {
    await this.database.transaction(async (tx) => {
      if (!(await findGroup(tx, userId, id))) throw groupNotFound();
      await this.checkMembers(tx, userId, request, id);
      await renameGroup(tx, userId, id, request.name);
      await setMembers(tx, id, request.memberIds);
    });
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    const deleted = await this.database.transaction((tx) => deleteGroup(tx, userId, id));
    if (!deleted) throw groupNotFound();
  }
}

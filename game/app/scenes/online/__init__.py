"""Play online: the menu, Host a table, Join a table and the waiting room (issue 20)."""

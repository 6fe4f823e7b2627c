"""The rules of Magic, one module per rules area; each cites the CR sections it implements."""

return {}

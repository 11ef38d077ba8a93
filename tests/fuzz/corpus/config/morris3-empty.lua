return {}

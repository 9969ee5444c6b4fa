workspace "Highly available web application" "Load balancer, CDN, Cloud Run, Cloud SQL with HA, Memorystore." {
    model {
        system = softwareSystem "Highly available web application" {
            n_edge = container "edge" "edge" "Cloud Load Balancing (Application Load Balancer)" "load-balancer,gcp"
            n_static = container "static" "static" "Cloud CDN" "cdn,gcp"
            n_site_assets = container "site-assets" "site-assets" "Cloud Storage" "object-storage,gcp,Datastore"
            n_web = container "web" "web" "Cloud Run" "service,gcp"
            n_db = container "db" "db" "Cloud SQL for PostgreSQL" "relational-database,gcp,Datastore"
            n_sessions = container "sessions" "sessions" "Memorystore for Redis" "cache,gcp,Datastore"
            n_secrets = container "secrets" "secrets" "Secret Manager" "secrets,gcp"
        }
        n_edge -> n_web "HTTPS" "" "request"
        n_static -> n_site_assets "" "" "data"
        n_web -> n_db "" "" "data"
        n_web -> n_sessions "" "" "data"
        n_web -> n_secrets "" "" "request"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_edge
                containerInstance n_static
                containerInstance n_site_assets
                containerInstance n_web
                containerInstance n_db
                containerInstance n_sessions
                containerInstance n_secrets
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
